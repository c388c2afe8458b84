from django.contrib import admin

from .models import MoveLog


@admin.register(MoveLog)
class MoveLogAdmin(admin.ModelAdmin):
    list_display = ("pk", "submitted_at", "valid")
    readonly_fields = ("text", "submitted_at", "valid", "report")
