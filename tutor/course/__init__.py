"""The course: the catalogue of topics, the lessons, and what a learner did with them."""
