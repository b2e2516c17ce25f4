// The start-up floor: a Swift binary that prints one line. `lint` of a real config is compared with it.
print("customer-center startup floor")
