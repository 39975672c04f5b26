"""The Discord adapter: commands, buttons, DMs, storage and configuration."""
