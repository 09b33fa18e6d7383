package dev.concord.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium with a profile of its own (so two are two separate devices), driven through the
 * system's chromedriver. Both paths are given explicitly, so Selenium Manager never looks for (or tries
 * to download) a browser or a driver. Waits are bounded; a failed wait says what the page showed.
 */
final class Browser implements AutoCloseable {

    static final Path CHROMIUM = Path.of(System.getProperty("concord.e2e.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("concord.e2e.chromedriver", "/usr/bin/chromedriver"));
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Path OUTPUT = Path.of("target", "e2e-browser").toAbsolutePath();

    private final String name;
    private final Path profile;
    private final ChromeDriver driver;

    private Browser(String name, Path profile, ChromeDriver driver) {
        this.name = name;
        this.profile = profile;
        this.driver = driver;
    }

    /** Fails (never skips) without Chromium: CI installs it, and a skipped test would hide its absence. */
    static void requireChromium() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new IllegalStateException("The QR-code login end-to-end test needs Chromium and its driver at "
                    + CHROMIUM + " and " + CHROMEDRIVER
                    + " (Debian/Ubuntu: apt-get install chromium chromium-driver; .ci/run does).");
        }
    }

    static Browser start(String name) throws IOException {
        requireChromium();
        Files.createDirectories(OUTPUT);
        Path profile = Files.createTempDirectory("concord-e2e-" + name + "-");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .withLogFile(OUTPUT.resolve("chromedriver-" + name + ".log").toFile())
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // Root in a container needs --no-sandbox; the rest keeps Chromium from calling out on a closed network.
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--window-size=900,1000",
                "--user-data-dir=" + profile);
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        try {
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
            return new Browser(name, profile, driver);
        } catch (RuntimeException e) {
            delete(profile);
            throw e;
        }
    }

    void open(String url) {
        driver.get(url);
    }

    /** Waits until the page shows {@code step} (its body's data-state). */
    void waitForStep(String step) {
        new WebDriverWait(driver, WAIT)
                .withMessage(() -> name + " never showed step '" + step + "'; " + describe())
                .until(d -> step.equals(d.findElement(By.tagName("body")).getDomAttribute("data-state")));
    }

    String text(String id) {
        return driver.findElement(By.id(id)).getText();
    }

    String attribute(String id, String attribute) {
        return driver.findElement(By.id(id)).getDomAttribute(attribute);
    }

    void type(String id, String text) {
        WebElement field = driver.findElement(By.id(id));
        field.clear();
        field.sendKeys(text);
    }

    void click(String id) {
        driver.findElement(By.id(id)).click();
    }

    void clickFirstVisible(By by) {
        driver.findElements(by).stream()
                .filter(WebElement::isDisplayed)
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + ": nothing visible matches " + by + "; " + describe()))
                .click();
    }

    Object script(String javascript) {
        return ((JavascriptExecutor) driver).executeScript(javascript);
    }

    /** A screenshot under target/e2e-browser/, for a person to look at. */
    Path screenshot(String label) throws IOException {
        Path file = OUTPUT.resolve(name + "-" + label + ".png");
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        return file;
    }

    /** What the pages logged to the console since the last look (reading empties it). */
    List<String> console() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(entry -> entry.getLevel() + " " + entry.getMessage())
                .toList();
    }

    /** Where the page is, what it shows and what it logged: for the message of a failed wait. */
    String describe() {
        try {
            String console = String.join("\n  ", console());
            return "at " + driver.getCurrentUrl() + ", step "
                    + driver.findElement(By.tagName("body")).getDomAttribute("data-state")
                    + ", showing: "
                    + driver.findElement(By.tagName("body")).getText().replace('\n', ' ')
                    + (console.isEmpty() ? "" : "\n  console:\n  " + console);
        } catch (RuntimeException e) {
            return "(the page could not be read: " + e + ")";
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            delete(profile);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("removing the browser profile " + dir, e);
        }
    }
}
