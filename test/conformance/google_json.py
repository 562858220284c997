"""Google's verdicts on proto3 JSON inputs for kafka_grpc.GRPC_AttendantPayload (python3-protobuf).

Run by test/conformance/google-verdicts.ts with Debian's /usr/bin/python3:

    python3 google_json.py GEN_DIR < batch

GEN_DIR holds kafka_grpc/kafka_grpc_pb2.py, made by `protoc --python_out` at test time. The
batch on stdin is a sequence of records, each a header line "<ignore_unknown_fields 0|1>
<byte length>" followed by that many bytes of JSON text and a newline. For each record one line
is written to stdout:

    ok <hex of SerializeToString(deterministic=True)> <MessageToDict as compact JSON>
    error <the parser's message on one line>
"""

import json
import sys


def main() -> None:
    sys.path.insert(0, sys.argv[1])
    from google.protobuf import json_format  # noqa: E402
    from kafka_grpc import kafka_grpc_pb2  # noqa: E402

    data = sys.stdin.buffer.read()
    out = []
    pos = 0
    while pos < len(data):
        end = data.index(b"\n", pos)
        ignore, length = data[pos:end].split()
        start = end + 1
        raw = data[start : start + int(length)]
        pos = start + int(length) + 1
        msg = kafka_grpc_pb2.GRPC_AttendantPayload()
        try:
            json_format.Parse(raw.decode("utf-8"), msg, ignore_unknown_fields=ignore == b"1")
            binary = msg.SerializeToString(deterministic=True).hex()
            text = json.dumps(
                json_format.MessageToDict(msg, preserving_proto_field_name=False),
                separators=(",", ":"),
            )
            out.append(f"ok {binary} {text}")
        except Exception as error:  # every refusal, whatever its class, is a verdict
            message = f"{type(error).__name__}: {error}"
            out.append("error " + " ".join(message.split()))
    # A refusal's message may quote a lone surrogate from the input.
    text = "".join(line + "\n" for line in out)
    sys.stdout.buffer.write(text.encode("utf-8", "backslashreplace"))


if __name__ == "__main__":
    main()
