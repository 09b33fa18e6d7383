package dev.concord.remoteauth.application;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The partial application anyone may read ({@code GET /applications/{id}/public}, {@code /rpc}): what an
 * authorization screen or a profile shows. No owner, no private flags, no endpoint URLs.
 */
public record PartialApplication(
        Snowflake id,
        String name,
        String description,
        @Nullable String icon,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String coverImage,
        @Nullable Integer type,
        long flags,
        String flagsNew,
        String verifyKey,
        boolean hook,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable PartialUser bot,
        boolean integrationPublic,
        boolean integrationRequireCodeGrant,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Boolean botPublic,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Boolean botRequireCodeGrant,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String termsOfServiceUrl,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String privacyPolicyUrl,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> tags,

        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonRawValue @Nullable
        String installParams,

        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String customInstallUrl,
        @JsonRawValue String integrationTypesConfig,
        boolean isVerified,
        boolean isDiscoverable,
        boolean isMonetized,
        boolean storefrontAvailable) {

    static PartialApplication of(ApplicationRow row, @Nullable PartialUser bot) {
        boolean hasBot = row.botUserId() != null;
        return new PartialApplication(
                row.id(),
                row.name(),
                row.description(),
                row.icon(),
                row.coverImage(),
                row.type(),
                ApplicationFlags.publicView(row.flags()),
                Long.toString(ApplicationFlags.publicView(row.flags())),
                row.verifyKey(),
                true,
                bot,
                row.botPublic(),
                row.botRequireCodeGrant(),
                hasBot ? row.botPublic() : null,
                hasBot ? row.botRequireCodeGrant() : null,
                row.termsOfServiceUrl(),
                row.privacyPolicyUrl(),
                row.tags(),
                row.installParams(),
                row.customInstallUrl(),
                row.integrationTypesConfig() == null
                        ? ApplicationObject.DEFAULT_INTEGRATION_TYPES
                        : row.integrationTypesConfig(),
                false,
                false,
                false,
                false);
    }
}
