package dev.concord.webhook.attachments;

import dev.concord.platform.blobs.BlobStore;
import dev.concord.platform.blobs.FileBlobStore;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The blob store: a directory unless another {@link BlobStore} bean (an object store's adapter) is given. */
@Configuration(proxyBeanMethods = false)
class BlobStoreConfiguration {

    @Bean
    @ConditionalOnMissingBean
    BlobStore blobStore(
            @Value("${concord.attachments.directory:${java.io.tmpdir}/concord-attachments}") String directory) {
        return new FileBlobStore(Path.of(directory));
    }
}
