# Homebrew formula: builds customer-center from source with the Swift that comes with Xcode or the
# Command Line Tools (docs/install.md "On a Mac"). This folder makes the repository a tap:
#
#   brew tap OWNER/customer-center https://github.com/OWNER/customer-center
#   brew install OWNER/customer-center/customer-center          # the release below
#   brew install --HEAD OWNER/customer-center/customer-center   # main
#
# At each release: `url` names the new tag and `sha256` is that archive's
# (`curl -L URL | shasum -a 256`). FormulaTests checks the tag is CustomerCenter.version and that
# the test below lints a file the install step installs.
class CustomerCenter < Formula
  desc "Linter and compiler for RevenueCat Customer Center configuration JSON"
  homepage "https://github.com/OWNER/customer-center"
  url "https://github.com/OWNER/customer-center/archive/refs/tags/0.4.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "MIT"
  head "https://github.com/OWNER/customer-center.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on macos: :ventura

  def install
    # Homebrew builds in a sandbox of its own, where SwiftPM's cannot nest.
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "customer-center"
    bin.install ".build/release/customer-center"
    pkgshare.install "Examples/customer_center.json"
  end

  test do
    assert_match "customer-center #{version}", shell_output("#{bin}/customer-center --version") unless build.head?
    assert_match "no problems found", shell_output("#{bin}/customer-center lint #{pkgshare}/customer_center.json")
  end
end
