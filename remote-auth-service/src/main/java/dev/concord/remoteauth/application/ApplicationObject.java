package dev.concord.remoteauth.application;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The full application object of seed 002, as its owner (and its bot) reads it. Fields the seed marks
 * optional are left out while unset; the states of review processes this platform does not run
 * (verification, store, RPC, discovery, monetization) carry their initial values.
 *
 * @param flags with the private bits only for the owner and the bot
 * @param flagsNew the same flags as a decimal string, as the platform also sends them
 * @param team always null: teams are not supported
 * @param discoveryEligibilityFlags which of the discovery requirements the application meets
 */
record ApplicationObject(
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
        PartialUser owner,
        @Nullable Object team,
        List<String> redirectUris,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> rpcOrigins,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String deeplinkUri,
        boolean integrationPublic,
        boolean integrationRequireCodeGrant,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Boolean botPublic,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Boolean botRequireCodeGrant,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Boolean botDisabled,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Boolean botQuarantined,
        int approximateGuildCount,
        int approximateUserInstallCount,
        int approximateUserAuthorizationCount,
        List<String> eligibleOauth2Scopes,
        int internalGuildRestriction,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String termsOfServiceUrl,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String privacyPolicyUrl,
        @Nullable String roleConnectionsVerificationUrl,
        @Nullable String interactionsEndpointUrl,
        int interactionsVersion,
        List<String> interactionsEventTypes,
        int eventWebhooksStatus,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String eventWebhooksUrl,
        List<String> eventWebhooksTypes,
        int explicitContentFilter,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> tags,

        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonRawValue @Nullable
        String installParams,

        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String customInstallUrl,
        @JsonRawValue String integrationTypesConfig,
        boolean isVerified,
        int verificationState,
        int storeApplicationState,
        int rpcApplicationState,
        boolean isDiscoverable,
        int discoverabilityState,
        long discoveryEligibilityFlags,
        boolean isMonetized,
        boolean storefrontAvailable,
        int monetizationState,
        long monetizationEligibilityFlags) {

    /**
     * Deprecated on the platform (to go in API v11) and always empty, yet still sent, and client libraries
     * still require it (Discord4J's application info cannot be read without it).
     */
    @JsonProperty("summary")
    public String summary() {
        return "";
    }

    /** Guild installs only, with no default link, until the owner says otherwise (as a new application has it). */
    static final String DEFAULT_INTEGRATION_TYPES = "{\"0\":{}}";

    /** The OAuth2 scopes an application may ask users for here. */
    static final List<String> ELIGIBLE_OAUTH2_SCOPES = List.of(
            "applications.commands",
            "bot",
            "email",
            "guilds",
            "guilds.members.read",
            "identify",
            "relationships.read",
            "webhook.incoming");

    static final int JOIN_ALL = 1;
    static final int VERIFICATION_INELIGIBLE = 1;
    static final int STORE_NONE = 1;
    static final int RPC_DISABLED = 0;
    static final int DISCOVERABILITY_INELIGIBLE = 1;
    static final int MONETIZATION_NONE = 1;

    /**
     * @param owner the owning user
     * @param bot the application's bot user, if it has one
     */
    static ApplicationObject of(ApplicationRow row, PartialUser owner, @Nullable PartialUser bot) {
        boolean hasBot = row.botUserId() != null;
        return new ApplicationObject(
                row.id(),
                row.name(),
                row.description(),
                row.icon(),
                row.coverImage(),
                row.type(),
                row.flags(),
                Long.toString(row.flags()),
                row.verifyKey(),
                true,
                bot,
                owner,
                null,
                row.redirectUris(),
                row.rpcOrigins(),
                row.deeplinkUri(),
                row.botPublic(),
                row.botRequireCodeGrant(),
                hasBot ? row.botPublic() : null,
                hasBot ? row.botRequireCodeGrant() : null,
                hasBot ? false : null,
                hasBot ? false : null,
                0,
                0,
                0,
                ELIGIBLE_OAUTH2_SCOPES,
                JOIN_ALL,
                row.termsOfServiceUrl(),
                row.privacyPolicyUrl(),
                row.roleConnectionsVerificationUrl(),
                row.interactionsEndpointUrl(),
                row.interactionsVersion(),
                row.interactionsEventTypes(),
                row.eventWebhooksStatus(),
                row.eventWebhooksUrl(),
                row.eventWebhooksTypes(),
                row.explicitContentFilter(),
                row.tags(),
                row.installParams(),
                row.customInstallUrl(),
                row.integrationTypesConfig() == null ? DEFAULT_INTEGRATION_TYPES : row.integrationTypesConfig(),
                false,
                VERIFICATION_INELIGIBLE,
                STORE_NONE,
                RPC_DISABLED,
                false,
                DISCOVERABILITY_INELIGIBLE,
                DiscoveryEligibility.of(row),
                false,
                false,
                MONETIZATION_NONE,
                0);
    }
}
