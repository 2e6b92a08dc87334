"""Output: findings as text, unified diffs."""
