package dev.concord.platform.test.hostile;

/** What JSON a body's field takes, as far as the suite needs to know to tell a wrong value from a right one. */
public enum FieldKind {
    STRING,
    INTEGER,
    NUMBER,
    BOOLEAN,
    SNOWFLAKE,
    ARRAY,
    OBJECT,
    /** A JSON tree or an enum: any JSON type may be right. */
    ANY
}
