#include "cphonenumber.h"

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <phonenumbers/asyoutypeformatter.h>
#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::AsYouTypeFormatter;
using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

const PhoneNumberUtil &util() { return *PhoneNumberUtil::GetInstance(); }

// GetSupportedRegions copies a set each time; the regions never change.
const std::set<std::string> &supportedRegions() {
    static const std::set<std::string> regions = [] {
        std::set<std::string> result;
        util().GetSupportedRegions(&result);
        return result;
    }();
    return regions;
}

bool isSupported(const char *region) {
    if (region == nullptr || std::strlen(region) != 2) return false;
    return supportedRegions().count(region) == 1;
}

// A new AsYouTypeFormatter compiles its regular expressions again (about 280 µs for a 10-digit CH
// number against 40 µs with one reused after Clear()), so idle formatters are kept per region.
// A formatter is not thread-safe: each is lent to one call at a time.
class FormatterPool {
public:
    std::unique_ptr<AsYouTypeFormatter> take(const std::string &region) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            auto found = idle_.find(region);
            if (found != idle_.end() && !found->second.empty()) {
                std::unique_ptr<AsYouTypeFormatter> formatter = std::move(found->second.back());
                found->second.pop_back();
                return formatter;
            }
        }
        return std::unique_ptr<AsYouTypeFormatter>(util().GetAsYouTypeFormatter(region));
    }

    // Keeps formatter for the next call; a full shelf (or a failed allocation) just frees it.
    void give(const std::string &region, std::unique_ptr<AsYouTypeFormatter> formatter) noexcept {
        try {
            formatter->Clear();
            std::lock_guard<std::mutex> lock(mutex_);
            std::vector<std::unique_ptr<AsYouTypeFormatter>> &shelf = idle_[region];
            if (shelf.size() < kIdlePerRegion) shelf.push_back(std::move(formatter));
        } catch (...) {
        }
    }

private:
    static constexpr size_t kIdlePerRegion = 4;
    std::mutex mutex_;
    std::map<std::string, std::vector<std::unique_ptr<AsYouTypeFormatter>>> idle_;
};

// Never destroyed, so a call still running while the process exits finds it intact.
FormatterPool &formatterPool() {
    static FormatterPool *pool = new FormatterPool();
    return *pool;
}

bool isSeparator(char byte) {
    return byte == ' ' || byte == '-' || byte == '.' || byte == '/' || byte == '(' || byte == ')';
}

// The ASCII digits of input, or a status when input breaks the rules of cphonenumber.h.
int digitsOf(const char *input, size_t length, std::string *digits) {
    if (input == nullptr && length > 0) return CPHONE_INVALID_ARGUMENT;
    if (length > CPHONE_MAX_INPUT_LENGTH) return CPHONE_INPUT_TOO_LONG;
    digits->clear();
    for (size_t index = 0; index < length; index++) {
        const char byte = input[index];
        if (byte >= '0' && byte <= '9') {
            digits->push_back(byte);
        } else if (!isSeparator(byte)) {
            return CPHONE_INVALID_CHARACTER;
        }
    }
    return CPHONE_OK;
}

int writeText(const std::string &text, char *out, size_t out_size, size_t *out_length) {
    if (out_length != nullptr) *out_length = text.size();
    if (out == nullptr || out_size < text.size() + 1) return CPHONE_BUFFER_TOO_SMALL;
    std::memcpy(out, text.data(), text.size());
    out[text.size()] = '\0';
    return CPHONE_OK;
}

int statusOf(PhoneNumberUtil::ErrorType error) {
    switch (error) {
    case PhoneNumberUtil::NO_PARSING_ERROR: return CPHONE_OK;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE_ERROR: return CPHONE_INVALID_COUNTRY_CODE;
    case PhoneNumberUtil::NOT_A_NUMBER: return CPHONE_NOT_A_NUMBER;
    case PhoneNumberUtil::TOO_SHORT_AFTER_IDD: return CPHONE_TOO_SHORT;
    case PhoneNumberUtil::TOO_SHORT_NSN: return CPHONE_TOO_SHORT;
    case PhoneNumberUtil::TOO_LONG_NSN: return CPHONE_TOO_LONG;
    }
    return CPHONE_INTERNAL_ERROR;
}

bool formatOf(int32_t format, PhoneNumberUtil::PhoneNumberFormat *result) {
    switch (format) {
    case CPHONE_FORMAT_E164: *result = PhoneNumberUtil::E164; return true;
    case CPHONE_FORMAT_INTERNATIONAL: *result = PhoneNumberUtil::INTERNATIONAL; return true;
    case CPHONE_FORMAT_NATIONAL: *result = PhoneNumberUtil::NATIONAL; return true;
    case CPHONE_FORMAT_RFC3966: *result = PhoneNumberUtil::RFC3966; return true;
    default: return false;
    }
}

bool typeOf(int32_t type, PhoneNumberUtil::PhoneNumberType *result) {
    switch (type) {
    case CPHONE_TYPE_FIXED_LINE: *result = PhoneNumberUtil::FIXED_LINE; return true;
    case CPHONE_TYPE_MOBILE: *result = PhoneNumberUtil::MOBILE; return true;
    case CPHONE_TYPE_FIXED_LINE_OR_MOBILE: *result = PhoneNumberUtil::FIXED_LINE_OR_MOBILE; return true;
    case CPHONE_TYPE_TOLL_FREE: *result = PhoneNumberUtil::TOLL_FREE; return true;
    case CPHONE_TYPE_PREMIUM_RATE: *result = PhoneNumberUtil::PREMIUM_RATE; return true;
    case CPHONE_TYPE_SHARED_COST: *result = PhoneNumberUtil::SHARED_COST; return true;
    case CPHONE_TYPE_VOIP: *result = PhoneNumberUtil::VOIP; return true;
    case CPHONE_TYPE_PERSONAL_NUMBER: *result = PhoneNumberUtil::PERSONAL_NUMBER; return true;
    case CPHONE_TYPE_PAGER: *result = PhoneNumberUtil::PAGER; return true;
    case CPHONE_TYPE_UAN: *result = PhoneNumberUtil::UAN; return true;
    case CPHONE_TYPE_VOICEMAIL: *result = PhoneNumberUtil::VOICEMAIL; return true;
    case CPHONE_TYPE_UNKNOWN: *result = PhoneNumberUtil::UNKNOWN; return true;
    default: return false;
    }
}

int32_t typeCode(PhoneNumberUtil::PhoneNumberType type) {
    switch (type) {
    case PhoneNumberUtil::FIXED_LINE: return CPHONE_TYPE_FIXED_LINE;
    case PhoneNumberUtil::MOBILE: return CPHONE_TYPE_MOBILE;
    case PhoneNumberUtil::FIXED_LINE_OR_MOBILE: return CPHONE_TYPE_FIXED_LINE_OR_MOBILE;
    case PhoneNumberUtil::TOLL_FREE: return CPHONE_TYPE_TOLL_FREE;
    case PhoneNumberUtil::PREMIUM_RATE: return CPHONE_TYPE_PREMIUM_RATE;
    case PhoneNumberUtil::SHARED_COST: return CPHONE_TYPE_SHARED_COST;
    case PhoneNumberUtil::VOIP: return CPHONE_TYPE_VOIP;
    case PhoneNumberUtil::PERSONAL_NUMBER: return CPHONE_TYPE_PERSONAL_NUMBER;
    case PhoneNumberUtil::PAGER: return CPHONE_TYPE_PAGER;
    case PhoneNumberUtil::UAN: return CPHONE_TYPE_UAN;
    case PhoneNumberUtil::VOICEMAIL: return CPHONE_TYPE_VOICEMAIL;
    case PhoneNumberUtil::UNKNOWN: return CPHONE_TYPE_UNKNOWN;
    }
    return CPHONE_TYPE_UNKNOWN;
}

int32_t possibleCode(PhoneNumberUtil::ValidationResult result) {
    switch (result) {
    case PhoneNumberUtil::IS_POSSIBLE: return CPHONE_POSSIBLE;
    case PhoneNumberUtil::IS_POSSIBLE_LOCAL_ONLY: return CPHONE_POSSIBLE_LOCAL_ONLY;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE: return CPHONE_POSSIBLE_INVALID_COUNTRY_CODE;
    case PhoneNumberUtil::TOO_SHORT: return CPHONE_POSSIBLE_TOO_SHORT;
    case PhoneNumberUtil::INVALID_LENGTH: return CPHONE_POSSIBLE_INVALID_LENGTH;
    case PhoneNumberUtil::TOO_LONG: return CPHONE_POSSIBLE_TOO_LONG;
    }
    return CPHONE_POSSIBLE_INVALID_LENGTH;
}

int parse(const char *region, const char *input, size_t input_length, PhoneNumber *number) {
    if (!isSupported(region)) return CPHONE_UNKNOWN_REGION;
    std::string digits;
    const int status = digitsOf(input, input_length, &digits);
    if (status != CPHONE_OK) return status;
    if (digits.empty()) return CPHONE_NOT_A_NUMBER;
    const int parsed = statusOf(util().Parse(digits, region, number));
    // Parse calls fewer than two digits no number at all; for digits only, that means too short.
    return parsed == CPHONE_NOT_A_NUMBER ? CPHONE_TOO_SHORT : parsed;
}

}  // namespace

extern "C" {

int cphone_is_supported_region(const char *region) {
    try {
        return isSupported(region) ? 1 : 0;
    } catch (...) {
        return 0;
    }
}

int cphone_country_code(const char *region, int32_t *code_out) {
    try {
        if (code_out == nullptr) return CPHONE_INVALID_ARGUMENT;
        if (!isSupported(region)) return CPHONE_UNKNOWN_REGION;
        *code_out = util().GetCountryCodeForRegion(region);
        return CPHONE_OK;
    } catch (...) {
        return CPHONE_INTERNAL_ERROR;
    }
}

int cphone_as_you_type(const char *region, const char *input, size_t input_length, char *out,
                       size_t out_size, size_t *out_length) {
    try {
        if (!isSupported(region)) return CPHONE_UNKNOWN_REGION;
        std::string digits;
        const int status = digitsOf(input, input_length, &digits);
        if (status != CPHONE_OK) return status;
        std::unique_ptr<AsYouTypeFormatter> formatter = formatterPool().take(region);
        if (!formatter) return CPHONE_INTERNAL_ERROR;
        std::string formatted;
        for (const char digit : digits) {
            formatter->InputDigit(static_cast<i18n::phonenumbers::char32>(digit), &formatted);
        }
        formatterPool().give(region, std::move(formatter));
        return writeText(formatted, out, out_size, out_length);
    } catch (...) {
        return CPHONE_INTERNAL_ERROR;
    }
}

int cphone_format(const char *region, const char *input, size_t input_length, int32_t format,
                  char *out, size_t out_size, size_t *out_length) {
    try {
        PhoneNumberUtil::PhoneNumberFormat numberFormat;
        if (!formatOf(format, &numberFormat)) return CPHONE_INVALID_ARGUMENT;
        PhoneNumber number;
        const int status = parse(region, input, input_length, &number);
        if (status != CPHONE_OK) return status;
        std::string formatted;
        util().Format(number, numberFormat, &formatted);
        return writeText(formatted, out, out_size, out_length);
    } catch (...) {
        return CPHONE_INTERNAL_ERROR;
    }
}

int cphone_check(const char *region, const char *input, size_t input_length,
                    cphone_validity *validity_out) {
    try {
        if (validity_out == nullptr) return CPHONE_INVALID_ARGUMENT;
        PhoneNumber number;
        const int status = parse(region, input, input_length, &number);
        if (status != CPHONE_OK) return status;
        validity_out->country_code = number.country_code();
        validity_out->possible = possibleCode(util().IsPossibleNumberWithReason(number));
        validity_out->valid = util().IsValidNumber(number) ? 1 : 0;
        validity_out->valid_for_region = util().IsValidNumberForRegion(number, region) ? 1 : 0;
        validity_out->type = typeCode(util().GetNumberType(number));
        return CPHONE_OK;
    } catch (...) {
        return CPHONE_INTERNAL_ERROR;
    }
}

int cphone_example_number(const char *region, int32_t type, int32_t format, char *out,
                          size_t out_size, size_t *out_length) {
    try {
        PhoneNumberUtil::PhoneNumberType numberType;
        PhoneNumberUtil::PhoneNumberFormat numberFormat;
        if (!typeOf(type, &numberType) || !formatOf(format, &numberFormat)) return CPHONE_INVALID_ARGUMENT;
        if (!isSupported(region)) return CPHONE_UNKNOWN_REGION;
        PhoneNumber number;
        if (!util().GetExampleNumberForType(region, numberType, &number)) return CPHONE_NO_EXAMPLE;
        std::string formatted;
        util().Format(number, numberFormat, &formatted);
        return writeText(formatted, out, out_size, out_length);
    } catch (...) {
        return CPHONE_INTERNAL_ERROR;
    }
}

}  // extern "C"
