"""The patches of Flet 1.0.5's private parts (and the garbage collector's timing) that
let many devices share one server: README.md beside this file lists them."""
