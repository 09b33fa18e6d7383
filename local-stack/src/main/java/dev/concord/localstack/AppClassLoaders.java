package dev.concord.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.zip.ZipFile;

/**
 * Class loaders for apps that share one JVM. The apps' Spring, Netty, Reactor, Jackson and Kafka classes
 * are most of a JVM's memory after start-up; loaded seven times they cost more than all the apps' data.
 *
 * <p>So apps with (nearly) the same libraries form a family whose libraries are loaded once, by one
 * loader over all of them (a library two apps have is the same jar of one build), and each app gets a
 * loader of its own classes that shows it only its own classpath: a class or resource of a library the
 * app does not have is not found through it ({@link AppView}), so what Spring Boot finds on the classpath
 * ({@code @ConditionalOnClass}, the auto-configurations listed by the jars) is what the app finds alone.
 * See {@link #families} for what "nearly" allows.
 */
final class AppClassLoaders {

    private final Map<App, ClassLoader> apps;
    private final List<ClassLoader> libraries;

    private AppClassLoaders(Map<App, ClassLoader> apps, List<ClassLoader> libraries) {
        this.apps = apps;
        this.libraries = libraries;
    }

    /** The loaders of {@code classpaths}: each app's classes (a directory) first, then its libraries. */
    static AppClassLoaders create(Map<App, List<Path>> classpaths) {
        Map<App, ClassLoader> apps = new EnumMap<>(App.class);
        List<ClassLoader> libraries = new ArrayList<>();
        for (Family family : families(classpaths)) {
            URLClassLoader familyLibraries = new URLClassLoader(
                    "libraries-" + family.number(),
                    urls(List.copyOf(family.jars().values())),
                    ClassLoader.getPlatformClassLoader());
            family.members().forEach(app -> {
                List<Path> classpath = classpaths.getOrDefault(app, List.of());
                List<URL> visible = new ArrayList<>();
                classpath.stream()
                        .skip(1)
                        .forEach(jar -> visible.add(
                                url(Objects.requireNonNull(family.jars().get(identity(jar))))));
                apps.put(app, new AppView(app.shortName(), url(classpath.get(0)), familyLibraries, visible));
            });
            libraries.add(familyLibraries);
        }
        return new AppClassLoaders(apps, libraries);
    }

    /** The loader of each family's libraries: each has its own Logback, for one, to configure. */
    List<ClassLoader> libraries() {
        return List.copyOf(libraries);
    }

    ClassLoader of(App app) {
        ClassLoader loader = apps.get(app);
        if (loader == null) {
            throw new IllegalArgumentException("No class loader for " + app.module());
        }
        return loader;
    }

    /**
     * Apps that share one loader of libraries, and the libraries of all of them (by identity, in classpath
     * order).
     */
    record Family(int number, List<App> members, Map<String, Path> jars) {}

    /**
     * Each app, the one with most libraries first, joins the first family it fits in: where no library of
     * the same name is another jar, and where no member would find among the others' libraries one with
     * a {@code META-INF/spring.factories}. Spring Boot reads those files through the class loader of its
     * own classes as well as through the app's ({@code WebApplicationType}, application context factories),
     * so within a family they must be the same for every member; libraries without them (Bouncy Castle in
     * one service, a platform module in another) may differ, each app seeing only its own.
     */
    static List<Family> families(Map<App, List<Path>> classpaths) {
        Map<Path, Boolean> discoverable = new HashMap<>();
        List<Family> families = new ArrayList<>();
        classpaths.entrySet().stream()
                .sorted(Comparator.comparingInt(
                        (Map.Entry<App, List<Path>> entry) -> -entry.getValue().size()))
                .forEach(entry -> {
                    List<Path> libraries =
                            entry.getValue().subList(1, entry.getValue().size());
                    Family home = families.stream()
                            .filter(family -> fits(libraries, family, classpaths, discoverable))
                            .findFirst()
                            .orElseGet(() -> {
                                Family founded = new Family(families.size(), new ArrayList<>(), new LinkedHashMap<>());
                                families.add(founded);
                                return founded;
                            });
                    home.members().add(entry.getKey());
                    libraries.forEach(jar -> home.jars().putIfAbsent(identity(jar), jar));
                });
        return families;
    }

    private static boolean fits(
            List<Path> libraries, Family family, Map<App, List<Path>> classpaths, Map<Path, Boolean> discoverable) {
        Map<String, Path> union = new LinkedHashMap<>(family.jars());
        for (Path jar : libraries) {
            Path same = union.putIfAbsent(identity(jar), jar);
            boolean otherJarOfTheName = union.keySet().stream()
                    .anyMatch(key -> key.startsWith(jar.getFileName() + "|") && !key.equals(identity(jar)));
            if (same == null && otherJarOfTheName) {
                return false;
            }
        }
        List<Set<String>> memberSets = new ArrayList<>();
        memberSets.add(identities(libraries));
        family.members().forEach(member -> {
            List<Path> classpath = classpaths.getOrDefault(member, List.of());
            memberSets.add(identities(classpath.subList(1, classpath.size())));
        });
        return memberSets.stream().allMatch(own -> union.entrySet().stream()
                .filter(library -> !own.contains(library.getKey()))
                .noneMatch(library ->
                        discoverable.computeIfAbsent(library.getValue(), AppClassLoaders::hasSpringFactories)));
    }

    private static Set<String> identities(List<Path> jars) {
        Set<String> identities = new HashSet<>();
        jars.forEach(jar -> identities.add(identity(jar)));
        return identities;
    }

    private static boolean hasSpringFactories(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.getEntry("META-INF/spring.factories") != null;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + jar, e);
        }
    }

    /** A library is the same in two apps if its file has the same name and size: one build made both. */
    static String identity(Path jar) {
        try {
            return jar.getFileName() + "|" + Files.size(jar);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + jar, e);
        }
    }

    private static URL[] urls(List<Path> jars) {
        return jars.stream().map(AppClassLoaders::url).toArray(URL[]::new);
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("Not a file path: " + path, e);
        }
    }
}
