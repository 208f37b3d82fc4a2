"""Make p2p-qr-vectors.json: QR codes from python-qrcode, an encoder independent of
site/p2p/qr.js, for tests/node/p2p-qr.test.mjs to compare module by module.

Run by hand when the cases change (python-qrcode is not a test dependency; the JSON is
what the test reads):  pip install qrcode==8.2 && python p2p-qr-vectors.py > p2p-qr-vectors.json
"""

import importlib.metadata
import json

import qrcode  # type: ignore[import-not-found]

# (text, version, mask): byte mode, level M, the smallest sizes an invitation link takes
CASES = [
    ("hello", 1, 0),
    ("kingweb", 1, 5),
    ("Ünïcödé ♔ Кинг", 2, 1),
    ("https://example.github.io/kingweb/index.html#room=" + "q" * 22, 5, 3),
    ("https://example.github.io/kingweb/index.html#offer=" + "AbC-_9" * 30, 11, 6),
    ("x" * 300, 13, 2),
    ("y" * 700, 21, 7),
]


def main() -> None:
    codes = []
    for text, version, mask in CASES:
        q = qrcode.QRCode(
            version=version, error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=mask
        )
        q.add_data(qrcode.util.QRData(text.encode(), mode=qrcode.util.MODE_8BIT_BYTE))
        q.make(fit=False)
        rows = ["".join("1" if m else "0" for m in row) for row in q.modules]
        codes.append({"text": text, "version": version, "mask": mask, "rows": [format(int(r, 2), "x") for r in rows]})
    source = (
        f"python-qrcode {importlib.metadata.version('qrcode')}: QRCode(version, ERROR_CORRECT_M, mask_pattern, "
        "border=0) of QRData(bytes, MODE_8BIT_BYTE); each row's modules as a hex number (made by p2p-qr-vectors.py)"
    )
    print(json.dumps({"source": source, "codes": codes}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
