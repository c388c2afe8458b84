from django.shortcuts import render


def home(request):
    """The front page: what the site is for, and the tournaments it holds."""
    return render(request, "home.html")
