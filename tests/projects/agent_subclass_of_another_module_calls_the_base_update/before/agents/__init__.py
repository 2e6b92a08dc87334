"""Agents of the project."""
