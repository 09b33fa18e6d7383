package dev.concord.guild.emojis;

import dev.concord.platform.blobs.BlobStore;
import dev.concord.platform.blobs.FileBlobStore;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Where emoji images live: a directory unless another {@link BlobStore} bean (an object store's adapter) is given. */
@Configuration(proxyBeanMethods = false)
class EmojiBlobs {

    @Bean
    @ConditionalOnMissingBean
    BlobStore emojiBlobStore(@Value("${concord.emoji.directory:${java.io.tmpdir}/concord-emoji}") String directory) {
        return new FileBlobStore(Path.of(directory));
    }
}
