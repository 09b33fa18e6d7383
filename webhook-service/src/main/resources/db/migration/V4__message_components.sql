-- The components (action rows of buttons and select menus) an application's message carries, as sent.
ALTER TABLE messages ADD COLUMN components jsonb NOT NULL DEFAULT '[]';
