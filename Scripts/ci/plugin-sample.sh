# Sourced by test-plugins.sh and test-plugins-prebuilt.sh (not run on its own): the sample package
# both prove the plugins on, so the two stages test the same package.
#
#   make_plugin_sample DIR DEPENDENCY
#
# writes DIR/Package.swift, a package "Sample" whose target App has customer_center.json as a
# resource and the build-tool plugin of the package at ../DEPENDENCY (a path dependency's identity
# is its folder name, so that is also the plugin's package name), DIR/Sources/App/App.swift, and
# Examples/customer_center.json (clean) as the config. Needs $repo (the checkout).

fail() { echo "FAIL: $*" >&2; exit 1; }

make_plugin_sample() {
  local dir="$1" dependency="$2"
  mkdir -p "$dir/Sources/App"
  cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Sample",
    dependencies: [.package(path: "../$dependency")],
    targets: [
        .target(
            name: "App",
            resources: [.copy("customer_center.json")],
            plugins: [.plugin(name: "CustomerCenterLintPlugin", package: "$dependency")]
        ),
    ]
)
SWIFT
  echo 'public struct App { public init() {} }' > "$dir/Sources/App/App.swift"
  cp "$repo/Examples/customer_center.json" "$dir/Sources/App/customer_center.json"
}
