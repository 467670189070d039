"""The compiled core of Cardavia (Cython modules built from src/_core/)."""
