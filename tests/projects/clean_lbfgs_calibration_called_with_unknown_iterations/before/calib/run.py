import sys

import torch

from calib.temperature import fit


def main():
    logits = torch.randn(128, 10)
    labels = torch.randint(0, 10, (128,))
    print("T =", fit(logits, labels, int(sys.argv[1])))


if __name__ == "__main__":
    main()
