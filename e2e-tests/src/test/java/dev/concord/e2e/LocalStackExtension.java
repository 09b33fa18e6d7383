package dev.concord.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.concord.localstack.ExecJars;
import dev.concord.localstack.LocalStack;
import dev.concord.localstack.Options;
import dev.concord.localstack.RunningStack;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One local stack, on free ports, for every end-to-end test class of the run: starting it is most of
 * the run time. The first class that asks for a {@link RunningStack} (a parameter of its
 * {@code @BeforeAll}) starts it; JUnit closes it after the last class, as it closes every
 * {@link AutoCloseable} kept in the root store. Without the apps' jars the classes are skipped.
 */
public final class LocalStackExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(LocalStackExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RunningStack.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Options options = Options.onFreePorts(Path.of("target", "e2e-stack").toAbsolutePath());
        List<String> missing = ExecJars.missing(options.repoRoot());
        assumeTrue(missing.isEmpty(), () -> "Skipping end-to-end tests, not built yet: " + missing);
        return context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent(
                        RunningStack.class,
                        key -> {
                            StateDirectory.wipeData(options.stateDir());
                            return LocalStack.start(options);
                        },
                        RunningStack.class);
    }
}
