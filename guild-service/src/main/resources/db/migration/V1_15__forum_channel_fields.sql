-- The forum settings of forum and media channels (issue 15). Numbered 1.15 rather than 2 so that it sorts
-- after V1 without taking a version another change may claim; out-of-order migrations are allowed.
-- available_tags is the answer's JSON array ([{"id","name","moderated","emoji_id","emoji_name"}], ids as
-- strings): at most 20 small tags, always read and written whole with their channel.
ALTER TABLE channels
    ADD COLUMN available_tags                     jsonb   NOT NULL DEFAULT '[]',
    ADD COLUMN default_sort_order                 integer,
    ADD COLUMN default_forum_layout               integer NOT NULL DEFAULT 0,
    ADD COLUMN default_reaction_emoji_id          bigint,
    ADD COLUMN default_reaction_emoji_name        text,
    ADD COLUMN default_thread_rate_limit_per_user integer NOT NULL DEFAULT 0;
