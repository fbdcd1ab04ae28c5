"""Card scanning: camera sources, the QR decoder, one-scan-per-showing presentation, the catalogue.

Kept import-light: heavy modules (cv2, zxingcpp, pyzbar, picamera2) load inside the submodules
that need them.
"""
