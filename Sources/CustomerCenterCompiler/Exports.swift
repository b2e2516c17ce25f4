@_exported import JSONSyntax
