"""A lesson's parts: the stepper, moments, quizzes, your move and your decision, the review."""
