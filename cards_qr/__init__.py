"""Card codes: the deck manifest, the code grammar and the QR sticker-sheet generator."""
