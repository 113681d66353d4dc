import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Time limits on the parts of a request that Hummingbird's idle timeout leaves open: a new connection must send its
/// first request's head within `head`, and a request's body must arrive whole within `body` of its head; otherwise the
/// connection is closed (with a 408 when no answer has begun). Between requests, Hummingbird's `idleTimeout` closes
/// idle connections. Without these, a client sending one byte every few seconds held a connection, and its memory,
/// for as long as it liked.
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let head: TimeAmount
    private let body: TimeAmount
    private var timer: Scheduled<Void>?
    /// Whether the first request's head has come (later heads are the idle timeout's business).
    private var sawHead = false
    /// Whether an answer to the request in progress has begun: a 408 then would be a second answer.
    private var answering = false

    init(head: Duration, body: Duration) {
        self.head = TimeAmount(head)
        self.body = TimeAmount(body)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive, !sawHead { schedule(context, after: head) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if timer == nil, !sawHead { schedule(context, after: head) }
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { cancel() }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            sawHead = true
            answering = false
            schedule(context, after: body)
        case .body:
            break
        case .end:
            cancel()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .head = unwrapOutboundIn(data) { answering = true }
        context.write(data, promise: promise)
    }

    private func schedule(_ context: ChannelHandlerContext, after delay: TimeAmount) {
        cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            timer = nil
            expire(context)
        }
    }

    private func cancel() {
        timer?.cancel()
        timer = nil
    }

    private func expire(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard sawHead, !answering else {
            context.close(promise: nil)
            return
        }
        answering = true
        let text = #"{"error":{"code":"request_timeout","message":"The request's body did not arrive in time: send it whole, without pauses."}}"#
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = String(text.utf8.count)
        headers[.connection] = "close"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .requestTimeout, headerFields: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: text))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }
}
