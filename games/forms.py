from django import forms

MAX_LOG_BYTES = 1_000_000  # a complete 4-player log is about 25 kB


class CheckLogForm(forms.Form):
    text = forms.CharField(
        label="Move log (JSON)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )
    file = forms.FileField(label="or upload a log file", required=False)

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload is not None:
            if upload.size > MAX_LOG_BYTES:
                raise forms.ValidationError(
                    f"The file is {upload.size:,} bytes; a move log may be at most {MAX_LOG_BYTES:,}."
                )
            cleaned["log"] = upload.read()
        elif cleaned.get("text", "").strip():
            if len(cleaned["text"].encode()) > MAX_LOG_BYTES:
                raise forms.ValidationError(f"The log is longer than {MAX_LOG_BYTES:,} bytes.")
            cleaned["log"] = cleaned["text"]
        else:
            raise forms.ValidationError("Paste a move log or choose a file.", code="no-log")
        return cleaned
