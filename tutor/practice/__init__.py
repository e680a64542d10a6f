"""Practice: the loop, choosing what to ask, questions and answers and what they say a learner knows, your games."""
