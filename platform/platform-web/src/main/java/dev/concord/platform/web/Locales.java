package dev.concord.platform.web;

import java.util.List;

/** The locales the platform's clients ship, in the order its language picker lists them. */
public final class Locales {

    public static final List<String> SUPPORTED = List.of(
            "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
            "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW",
            "ko");

    public static final String DEFAULT = "en-US";

    private Locales() {}
}
