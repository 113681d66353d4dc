import NIOCore

/// Sits in front of the HTTP decoder and tells `RequestTimeoutHandler` (by a user event, before passing them on) that
/// bytes have come: the first byte of a later request's head starts its time limit, which decoded parts alone cannot
/// show until the head is whole.
final class RequestBytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    struct BytesArrived {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(BytesArrived())
        context.fireChannelRead(data)
    }
}
