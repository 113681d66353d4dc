import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Time limits on the parts of a request that Hummingbird's idle timeout leaves open: a request's head must arrive
/// whole within `head` of its first byte (on a new connection, of the connection's start), and its body within `body`
/// of its head; otherwise the connection is closed (with a 408 when no answer has begun). Between requests,
/// Hummingbird's `idleTimeout` closes idle connections. Without these, a client sending one byte every few seconds
/// held a connection, and its memory, for as long as it liked (a later head on a kept-alive connection, for as long as
/// the idle timeout, which counts only whole heads).
///
/// Decoded parts do not show when a later head's first byte comes, so the handler puts a `RequestBytesWatcher` in
/// front of the HTTP decoder, which tells it of every read.
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
    /// Whether the last request has been answered and no new head has come: bytes now start a head's time.
    private var betweenRequests = false
    /// Whether bytes came after the last request's end, before its answer ended (a pipelined head).
    private var bytesBeforeAnswerEnded = false

    init(head: Duration, body: Duration) {
        self.head = TimeAmount(head)
        self.body = TimeAmount(body)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.pipeline.syncOperations.addHandler(RequestBytesWatcher(), position: .first)
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
            betweenRequests = false
            bytesBeforeAnswerEnded = false
            schedule(context, after: body)
        case .body:
            break
        case .end:
            cancel()
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is RequestBytesWatcher.BytesArrived else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        if betweenRequests {
            if timer == nil { schedule(context, after: head) }
        } else if sawHead, timer == nil {
            bytesBeforeAnswerEnded = true
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head:
            answering = true
        case .body:
            break
        case .end:
            betweenRequests = true
            if bytesBeforeAnswerEnded, timer == nil { schedule(context, after: head) }
        }
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
