package dev.concord.localstack;

import java.io.Closeable;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Runs an app's {@code main} in its own class loader as if it were alone in its JVM. Spring Boot's
 * {@code SpringApplication.withHook} (made for tools that run an application's main method) lets the
 * launcher see the application as it starts, without a line of the app changed:
 *
 * <ul>
 *   <li>its environment variables: each app reads the variables its deployment sets, but a JVM has only one
 *       process environment, so the app's {@code systemEnvironment} property source is replaced, before
 *       anything reads it, with one over the app's own variables (relaxed binding works as before);
 *   <li>its application context, which the launcher closes when the stack stops (the JVM's shutdown hook
 *       Spring would register is the launcher's job here, so the apps stop before the servers they use).
 * </ul>
 *
 * <p>Spring's types are those of the app's loader, not the launcher's, hence reflection and proxies.
 */
final class SpringRunHook {

    private static final String SYSTEM_ENVIRONMENT = "systemEnvironment";

    private final ClassLoader loader;
    private final Map<String, Object> variables;
    private final Consumer<Closeable> onContext;

    private SpringRunHook(ClassLoader loader, Map<String, Object> environment, Consumer<Closeable> onContext) {
        this.loader = loader;
        this.variables = environment;
        this.onContext = onContext;
    }

    /**
     * Calls {@code mainClass}'s {@code main(args)} on this thread, with {@code loader} as its context loader,
     * and returns once the app has started (Spring's {@code run} returns then). {@code onContext} gets the
     * application context as soon as it exists, so that a stop while the app is starting can close it.
     */
    static void runMain(
            ClassLoader loader,
            String mainClass,
            String[] args,
            Map<String, String> environment,
            Consumer<Closeable> onContext)
            throws Exception {
        SpringRunHook hook = new SpringRunHook(loader, Map.<String, Object>copyOf(environment), onContext);
        Class<?> hookType = loader.loadClass("org.springframework.boot.SpringApplicationHook");
        Object hookProxy = hook.proxy(hook::getRunListener, hookType);
        Method main = Class.forName(mainClass, true, loader).getMethod("main", String[].class);
        Method withHook = loader.loadClass("org.springframework.boot.SpringApplication")
                .getMethod("withHook", hookType, Runnable.class);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            withHook.invoke(null, hookProxy, (Runnable) () -> invoke(main, null, (Object) args));
        } catch (InvocationTargetException e) {
            throw unwrap(e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** {@code SpringApplicationHook.getRunListener(application)}. */
    private @Nullable Object getRunListener(Method method, Object[] arguments) throws Exception {
        Object application = arguments[0];
        Class<?> listenerType = loader.loadClass("org.springframework.context.ApplicationListener");
        Class<?> orderedType = loader.loadClass("org.springframework.core.Ordered");
        Object listeners = Array.newInstance(listenerType, 1);
        Array.set(listeners, 0, proxy(this::onApplicationEvent, listenerType, orderedType));
        application.getClass().getMethod("addListeners", listeners.getClass()).invoke(application, listeners);
        application
                .getClass()
                .getMethod("setRegisterShutdownHook", boolean.class)
                .invoke(application, false);
        Class<?> runListenerType = loader.loadClass("org.springframework.boot.SpringApplicationRunListener");
        return proxy(this::onRunEvent, runListenerType);
    }

    /**
     * An {@code ApplicationListener} ordered first: on {@code ApplicationEnvironmentPreparedEvent}, before
     * Spring Boot's environment post-processors and config data read anything, the app's variables replace
     * the process's.
     */
    private @Nullable Object onApplicationEvent(Method method, Object[] arguments) throws Exception {
        if (method.getName().equals("getOrder")) {
            return Integer.MIN_VALUE;
        }
        Class<?> prepared =
                loader.loadClass("org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent");
        if (method.getName().equals("onApplicationEvent") && prepared.isInstance(arguments[0])) {
            Object appEnvironment = prepared.getMethod("getEnvironment").invoke(arguments[0]);
            Object sources = loader.loadClass("org.springframework.core.env.ConfigurableEnvironment")
                    .getMethod("getPropertySources")
                    .invoke(appEnvironment);
            Class<?> sourceType = loader.loadClass("org.springframework.core.env.PropertySource");
            Object ownVariables = loader.loadClass("org.springframework.core.env.SystemEnvironmentPropertySource")
                    .getConstructor(String.class, Map.class)
                    .newInstance(SYSTEM_ENVIRONMENT, variables);
            sources.getClass()
                    .getMethod("replace", String.class, sourceType)
                    .invoke(sources, SYSTEM_ENVIRONMENT, ownVariables);
        }
        return null;
    }

    /** {@code SpringApplicationRunListener}: only the context's creation matters here. */
    private @Nullable Object onRunEvent(Method method, Object[] arguments) {
        if (method.getName().equals("contextPrepared")) {
            onContext.accept((Closeable) arguments[0]);
        }
        return null;
    }

    /** One method of a proxied interface, the way the launcher answers it. */
    @FunctionalInterface
    private interface Answer {
        @Nullable
        Object answer(Method method, Object[] arguments) throws Exception;
    }

    /**
     * A proxy of {@code types} in the app's loader. Identity for {@code equals} and {@code hashCode} (Spring
     * keeps listeners in sets); an interface's default methods run as written unless {@code answer} handles
     * the method (it returns null for those it does not, which only void methods may do).
     */
    private Object proxy(Answer answer, Class<?>... types) {
        InvocationHandler handler = (proxy, method, arguments) -> {
            Object[] given = arguments == null ? new Object[0] : arguments;
            switch (method.getName()) {
                case "equals":
                    return given.length == 1 && proxy == given[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "toString":
                    return "local-stack " + types[0].getSimpleName();
                default:
                    Object answered = answer.answer(method, given);
                    if (answered == null && method.isDefault()) {
                        return InvocationHandler.invokeDefault(proxy, method, arguments);
                    }
                    return answered;
            }
        };
        return Proxy.newProxyInstance(loader, types, handler);
    }

    private static void invoke(Method method, @Nullable Object target, Object... arguments) {
        try {
            method.invoke(target, arguments);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        }
    }

    private static Exception unwrap(InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Error error) {
            throw error;
        }
        return cause instanceof Exception exception ? exception : e;
    }
}
