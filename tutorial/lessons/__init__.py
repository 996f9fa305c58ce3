"""Lessons as plain data: YAML files loaded into frozen, typed, engine-checked objects."""
