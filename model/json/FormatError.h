// The one error a JSON-based file format reports: the design file, the NoSQL Workbench model and
// every other importer throw it, so the CLI and the window show them alike.
#pragma once

#include <stdexcept>
#include <string>

namespace keyplan::json {

// A file that is not what its format says. what() reads "FILE: PATH: REASON" (without "FILE: "
// when there is no file name).
class FormatError : public std::runtime_error {
public:
    FormatError(std::string path, std::string reason, std::string fileName = {});
    // Where: a JSON path such as `$.patterns[3].inputs[0].op`, or `$` with a line and column for
    // a syntax error.
    const std::string& path() const { return path_; }
    const std::string& reason() const { return reason_; }
    const std::string& fileName() const { return fileName_; }
    // The same error, said of `fileName`.
    FormatError inFile(std::string fileName) const { return FormatError(path_, reason_, std::move(fileName)); }

private:
    std::string path_;
    std::string reason_;
    std::string fileName_;
};

}  // namespace keyplan::json
