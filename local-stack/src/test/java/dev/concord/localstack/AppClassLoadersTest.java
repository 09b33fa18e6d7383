package dev.concord.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.localstack.fixture.Alpha;
import dev.concord.localstack.fixture.Beta;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which apps share their libraries' classes, and that each app still sees only its own classpath. */
class AppClassLoadersTest {

    @TempDir
    Path dir;

    @Test
    void appsShareOneCopyOfTheirLibrariesYetFindOnlyTheirOwnClassesAndResources() throws Exception {
        Path alpha = jar("alpha.jar", Alpha.class, "notes.txt", "alpha");
        Path beta = jar("beta.jar", Beta.class, "notes.txt", "beta");
        Map<App, List<Path>> classpaths = new EnumMap<>(App.class);
        classpaths.put(App.SOCIAL, List.of(classes("social"), alpha, beta));
        classpaths.put(App.GUILD, List.of(classes("guild"), copy(alpha, "guild")));

        AppClassLoaders loaders = AppClassLoaders.create(classpaths);
        ClassLoader social = loaders.of(App.SOCIAL);
        ClassLoader guild = loaders.of(App.GUILD);

        assertThat(loaders.libraries()).hasSize(1);
        Class<?> socialAlpha = social.loadClass(Alpha.class.getName());
        assertThat(socialAlpha).isSameAs(guild.loadClass(Alpha.class.getName())).isNotSameAs(Alpha.class);
        assertThat(social.loadClass(Beta.class.getName()).getClassLoader()).isSameAs(socialAlpha.getClassLoader());
        assertThatThrownBy(() -> guild.loadClass(Beta.class.getName())).isInstanceOf(ClassNotFoundException.class);
        assertThat(Collections.list(social.getResources("notes.txt"))).hasSize(2);
        assertThat(Collections.list(guild.getResources("notes.txt")))
                .singleElement()
                .satisfies(url -> assertThat(read(url.openStream())).isEqualTo("alpha"));
        assertThat(guild.getResource("notes.txt")).isNotNull();
        // The JDK stays visible to every app.
        assertThat(guild.loadClass("java.util.List")).isSameAs(List.class);
        assertThat(guild.getResource("java/lang/Object.class")).isNotNull();
    }

    @Test
    void anAppMissingALibraryThatSpringBootDiscoversOnItsOwnKeepsLibrariesOfItsOwn() throws Exception {
        Path alpha = jar("alpha.jar", Alpha.class, "META-INF/spring.factories", "x=y");
        Path beta = jar("beta.jar", Beta.class, "META-INF/spring.factories", "x=z");
        Map<App, List<Path>> classpaths = new EnumMap<>(App.class);
        classpaths.put(App.SOCIAL, List.of(classes("social"), alpha, beta));
        classpaths.put(App.EDGE, List.of(classes("edge"), copy(alpha, "edge")));

        List<AppClassLoaders.Family> families = AppClassLoaders.families(classpaths);

        assertThat(families).hasSize(2);
        assertThat(families.get(0).members()).containsExactly(App.SOCIAL);
        assertThat(families.get(1).members()).containsExactly(App.EDGE);
    }

    @Test
    void appsWithDifferentJarsOfOneNameDoNotShare() throws Exception {
        Path alpha = jar("alpha.jar", Alpha.class, "notes.txt", "alpha");
        Path rebuilt = jar("rebuilt/alpha.jar", Alpha.class, "notes.txt", "alpha, rebuilt");
        Map<App, List<Path>> classpaths = new EnumMap<>(App.class);
        classpaths.put(App.SOCIAL, List.of(classes("social"), alpha));
        classpaths.put(App.GUILD, List.of(classes("guild"), rebuilt));

        AppClassLoaders loaders = AppClassLoaders.create(classpaths);

        assertThat(loaders.libraries()).hasSize(2);
        assertThat(loaders.of(App.SOCIAL).loadClass(Alpha.class.getName()))
                .isNotSameAs(loaders.of(App.GUILD).loadClass(Alpha.class.getName()));
    }

    private Path classes(String app) throws IOException {
        return Files.createDirectories(dir.resolve(app).resolve("classes"));
    }

    /** Every app has its own unpacked copy of a library, as AppImage leaves them. */
    private Path copy(Path jar, String app) throws IOException {
        Path copy = dir.resolve(app).resolve("lib").resolve(jar.getFileName());
        Files.createDirectories(copy.getParent());
        return Files.copy(jar, copy);
    }

    private Path jar(String name, Class<?> type, String resource, String content) throws IOException {
        Path jar = dir.resolve("libs").resolve(name);
        Files.createDirectories(jar.getParent());
        String classFile = type.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file);
                InputStream bytes = Objects.requireNonNull(type.getClassLoader().getResourceAsStream(classFile))) {
            out.putNextEntry(new JarEntry(classFile));
            bytes.transferTo(out);
            out.putNextEntry(new JarEntry(resource));
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    private static String read(InputStream in) throws IOException {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
