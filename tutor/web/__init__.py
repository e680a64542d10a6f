"""The web app: the only place Flask lives (views, the request's language, the visitor, the database on ``g``)."""
