package dev.concord.platform.netty;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;

/**
 * Answers the requests Netty's HTTP decoder refuses (a request line too long, 414; headers too large,
 * 431; a malformed request line or header, 400) in the platform's error shape, {@code {"message":
 * "414: Request-URI Too Long","code":0}}. Reactor Netty would answer them itself, from its
 * {@code HttpTrafficHandler}, with the right status but an empty body, which clients cannot tell from a
 * proxy's. This handler sits just before that one, so no request it answers reaches any framework; the
 * connection is closed after the answer, as the rest of a broken request cannot be framed.
 */
@ChannelHandler.Sharable
public final class MalformedRequests extends ChannelInboundHandlerAdapter {

    static final String NAME = "concord.malformedRequests";
    private static final MalformedRequests INSTANCE = new MalformedRequests();

    private MalformedRequests() {}

    /** {@code server}, with refused requests answered in the platform's shape. */
    public static HttpServer answeredIn(HttpServer server) {
        return server.doOnChannelInit((observer, channel, remoteAddress) -> install(channel));
    }

    /** Adds the handler to a channel Reactor Netty has set up for HTTP/1.1 (nothing to do for others). */
    static void install(Channel channel) {
        if (channel.pipeline().get(NettyPipeline.HttpTrafficHandler) != null
                && channel.pipeline().get(NAME) == null) {
            channel.pipeline().addBefore(NettyPipeline.HttpTrafficHandler, NAME, INSTANCE);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request && request.decoderResult().isFailure()) {
            DecoderResult result = request.decoderResult();
            ReferenceCountUtil.release(msg);
            ctx.writeAndFlush(answer(status(result.cause()))).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    static HttpResponseStatus status(Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return HttpResponseStatus.REQUEST_URI_TOO_LONG;
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
        }
        return HttpResponseStatus.BAD_REQUEST;
    }

    /** The platform's error body for {@code status}: {@code {"message":"<code>: <reason>","code":0}}. */
    public static byte[] body(HttpResponseStatus status) {
        return ("{\"message\":\"" + status.code() + ": " + status.reasonPhrase() + "\",\"code\":0}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static FullHttpResponse answer(HttpResponseStatus status) {
        byte[] body = body(status);
        FullHttpResponse response =
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return response;
    }
}
