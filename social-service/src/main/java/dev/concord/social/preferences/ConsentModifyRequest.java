package dev.concord.social.preferences;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /users/@me/consent}: consent types to grant and to revoke. Either list may be
 * left out (nothing to do for it); neither may be null or name a type twice over (granted and revoked).
 */
record ConsentModifyRequest(Possible<List<String>> grant, Possible<List<String>> revoke)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("grant", grant);
        v.notNullIfSent("revoke", revoke);
        checkTypes(v.at("grant"), grant.orNull());
        checkTypes(v.at("revoke"), revoke.orNull());
        Set<String> granted = new HashSet<>(listOrEmpty(grant));
        List<String> revoked = listOrEmpty(revoke);
        for (int i = 0; i < revoked.size(); i++) {
            if (revoked.get(i) != null && granted.contains(revoked.get(i))) {
                v.at("revoke")
                        .add(
                                Integer.toString(i),
                                "BASE_TYPE_INVALID",
                                "A consent cannot be granted and revoked at once.");
            }
        }
    }

    private static List<String> listOrEmpty(Possible<List<String>> list) {
        return list.isPresent() ? list.get() : List.of();
    }

    private static void checkTypes(Violations list, @Nullable List<String> types) {
        if (types == null) {
            return;
        }
        for (int i = 0; i < types.size(); i++) {
            String field = Integer.toString(i);
            list.required(field, types.get(i));
            list.oneOf(field, types.get(i), ConsentType.NAMES);
        }
    }

    /** What to store, by type: true granted, false revoked; types the body does not name are left out. */
    Map<ConsentType, Boolean> answers() {
        Map<ConsentType, Boolean> answers = new EnumMap<>(ConsentType.class);
        listOrEmpty(grant).forEach(name -> ConsentType.named(name).ifPresent(type -> answers.put(type, true)));
        listOrEmpty(revoke).forEach(name -> ConsentType.named(name).ifPresent(type -> answers.put(type, false)));
        return answers;
    }
}
