// Google's verdicts on proto3 JSON inputs for kafka_grpc.GRPC_AttendantPayload (libprotobuf).
//
// Built and run by test/conformance/google-verdicts.ts. Reads the same batch as google_json.py
// on stdin (records of a header line "<ignore_unknown_fields 0|1> <byte length>", that many
// bytes of JSON text, a newline) and writes one line per record:
//
//   ok <hex of the deterministic serialization> <MessageToJsonString, compact>
//   ok <hex> null          (parsed, but MessageToJsonString refused, e.g. nested too deep)
//   error <the parser's status message on one line>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/util/json_util.h>

#include "kafka_grpc/kafka_grpc.pb.h"

namespace {

std::string Hex(const std::string& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

std::string OneLine(const std::string& text) {
  std::string out;
  for (char c : text) out.push_back(c == '\n' || c == '\r' ? ' ' : c);
  return out;
}

}  // namespace

int main() {
  std::string data((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  std::string out;
  size_t pos = 0;
  while (pos < data.size()) {
    size_t end = data.find('\n', pos);
    if (end == std::string::npos) return 2;
    int ignore = 0;
    unsigned long length = 0;
    if (std::sscanf(data.substr(pos, end - pos).c_str(), "%d %lu", &ignore, &length) != 2) return 2;
    std::string text = data.substr(end + 1, length);
    pos = end + 1 + length + 1;

    kafka_grpc::GRPC_AttendantPayload msg;
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = ignore != 0;
    auto status = google::protobuf::util::JsonStringToMessage(text, &msg, options);
    if (!status.ok()) {
      out += "error " + OneLine(status.ToString()) + "\n";
      continue;
    }
    std::string binary;
    {
      google::protobuf::io::StringOutputStream stream(&binary);
      google::protobuf::io::CodedOutputStream coded(&stream);
      coded.SetSerializationDeterministic(true);
      msg.SerializeToCodedStream(&coded);
    }
    std::string json;
    auto printed = google::protobuf::util::MessageToJsonString(msg, &json);
    if (!printed.ok()) json = "null";
    out += "ok " + Hex(binary) + " " + json + "\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
