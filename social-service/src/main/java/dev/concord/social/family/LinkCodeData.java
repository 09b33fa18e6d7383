package dev.concord.social.family;

/** {@code GET /family-center/@me/link-code}: what the teen's QR code URL ends with. */
record LinkCodeData(String linkCode) {}
