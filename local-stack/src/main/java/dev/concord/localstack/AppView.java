package dev.concord.localstack;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One app's class loader in a shared JVM: its own classes, and of the libraries loaded for all apps
 * (the parent) only the ones on its own classpath. A class or resource of another app's library is not
 * found through it, so that {@code ClassUtils.isPresent}, {@code ServiceLoader} and Spring's
 * {@code spring.factories} and auto-configuration lists see what the app would see alone.
 *
 * <p>Libraries, once loaded, see each other (their optional references to libraries the app lacks are
 * behind exactly such checks). The libraries come first, as on a flat classpath they would not: an app's
 * classes never repeat a library's.
 */
final class AppView extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final ClassLoader libraries;
    private final Set<String> visibleJars;

    AppView(String name, URL classes, ClassLoader libraries, List<URL> visibleJars) {
        super(name, new URL[] {classes}, libraries);
        this.libraries = libraries;
        this.visibleJars = Set.copyOf(visibleJars.stream().map(URL::toString).toList());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                loaded = visibleFromLibraries(name);
            }
            if (loaded == null) {
                loaded = findClass(name);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    private @Nullable Class<?> visibleFromLibraries(String name) {
        try {
            Class<?> found = libraries.loadClass(name);
            return found.getClassLoader() != libraries
                            || isVisible(found.getProtectionDomain().getCodeSource())
                    ? found
                    : null;
        } catch (ClassNotFoundException notThere) {
            return null;
        }
    }

    private boolean isVisible(@Nullable CodeSource source) {
        return source != null
                && source.getLocation() != null
                && visibleJars.contains(source.getLocation().toString());
    }

    @Override
    public @Nullable URL getResource(String name) {
        try {
            Enumeration<URL> all = getResources(name);
            return all.hasMoreElements() ? all.nextElement() : null;
        } catch (IOException unreadable) {
            return null;
        }
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> visible = new ArrayList<>(Collections.list(libraries.getResources(name)));
        visible.removeIf(url -> !isVisible(url));
        visible.addAll(Collections.list(findResources(name)));
        return Collections.enumeration(visible);
    }

    /** A JDK resource (not in a jar) or one in a jar of the app's classpath. */
    private boolean isVisible(URL resource) {
        if (!"jar".equals(resource.getProtocol())) {
            return true;
        }
        String spec = resource.getFile();
        int separator = spec.indexOf("!/");
        return separator > 0 && visibleJars.contains(spec.substring(0, separator));
    }
}
