package dev.concord.gateway.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Offers from several threads at once, on a real event loop draining as they come: nothing lost, nothing
 * repeated, each producer's payloads in the order it offered them.
 */
class SocketOutboundConcurrencyTest {

    private static final int PRODUCERS = 4;
    private static final int EACH = 20_000;

    @Test
    void concurrentOffersArriveCompleteAndInEachProducersOrder() throws Exception {
        MultiThreadIoEventLoopGroup loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        List<String> received = new CopyOnWriteArrayList<>();
        CountDownLatch all = new CountDownLatch(PRODUCERS * EACH);
        try {
            List<SocketOutbound> outbound = new CopyOnWriteArrayList<>();
            CountDownLatch accepted = new CountDownLatch(1);
            Channel server = new ServerBootstrap()
                    .group(loops)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            SocketOutbound socket = new SocketOutbound(channel, PRODUCERS * EACH, null, code -> {});
                            channel.pipeline().addLast(socket);
                            outbound.add(socket);
                            accepted.countDown();
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", 0))
                    .sync()
                    .channel();
            Channel client = new Bootstrap()
                    .group(loops)
                    .channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline()
                                    .addLast(new WebSocket13FrameDecoder(WebSocketDecoderConfig.newBuilder()
                                            .expectMaskedFrames(false)
                                            .build()))
                                    .addLast(new SimpleChannelInboundHandler<TextWebSocketFrame>() {
                                        @Override
                                        protected void channelRead0(
                                                ChannelHandlerContext context, TextWebSocketFrame frame) {
                                            received.add(frame.text());
                                            all.countDown();
                                        }
                                    });
                        }
                    })
                    .connect(server.localAddress())
                    .sync()
                    .channel();
            assertThat(accepted.await(5, TimeUnit.SECONDS)).isTrue();
            SocketOutbound socket = outbound.get(0);

            List<Thread> producers = new ArrayList<>();
            AtomicInteger refused = new AtomicInteger();
            for (int p = 0; p < PRODUCERS; p++) {
                int producer = p;
                Thread thread = new Thread(() -> {
                    for (int i = 0; i < EACH; i++) {
                        if (!socket.offer(producer + ":" + i)) {
                            refused.incrementAndGet();
                        }
                    }
                });
                thread.start();
                producers.add(thread);
            }
            for (Thread producer : producers) {
                producer.join();
            }
            assertThat(refused).hasValue(0);

            assertThat(all.await(30, TimeUnit.SECONDS))
                    .as("every payload written")
                    .isTrue();
            Map<Integer, Integer> next = new ConcurrentHashMap<>();
            for (String payload : received) {
                int producer = Integer.parseInt(payload.substring(0, payload.indexOf(':')));
                int number = Integer.parseInt(payload.substring(payload.indexOf(':') + 1));
                assertThat(number)
                        .as("producer %d's payloads in order", producer)
                        .isEqualTo(next.getOrDefault(producer, 0));
                next.put(producer, number + 1);
            }
            assertThat(received).hasSize(PRODUCERS * EACH);
            assertThat(socket.queued()).isZero();
            client.close().sync();
            server.close().sync();
        } finally {
            loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
