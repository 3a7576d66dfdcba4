// Whole-document parse throughput with simdjson's DOM parser (Debian's libsimdjson-dev), the
// reference `mapwright-bench --filter json.parse` is measured against (BENCHMARKS.md, "Parse").
//
//   parse_dom FILE...
//
// For each file: read into memory once, parsed (validated into simdjson's tape) 200 times
// after 20 warm-up parses; prints the file, its bytes, the median time of one parse and MB/s.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include <simdjson.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: parse_dom FILE...\n");
    return 2;
  }
  simdjson::dom::parser parser;
  for (int i = 1; i < argc; i++) {
    simdjson::padded_string json;
    if (simdjson::padded_string::load(argv[i]).get(json)) {
      std::fprintf(stderr, "cannot read %s\n", argv[i]);
      return 1;
    }
    std::vector<double> times;
    for (int round = 0; round < 220; round++) {
      auto start = std::chrono::steady_clock::now();
      simdjson::dom::element root;
      if (parser.parse(json).get(root)) {
        std::fprintf(stderr, "%s does not parse\n", argv[i]);
        return 1;
      }
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (round >= 20) times.push_back(seconds);
    }
    std::sort(times.begin(), times.end());
    double median = times[times.size() / 2];
    const char *name = std::max(argv[i], (char *)nullptr);
    for (const char *p = argv[i]; *p; p++) if (*p == '/') name = p + 1;
    std::printf("simdjson.dom.parse\t%s\t%zu\t%.1f us\t%.1f MB/s\n", name, json.size(), median * 1e6, json.size() / median / 1e6);
  }
  return 0;
}
