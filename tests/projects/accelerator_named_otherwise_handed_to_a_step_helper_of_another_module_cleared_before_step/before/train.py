import torch
from accelerate import Accelerator

from steps import training_step


def main():
    accelerator = Accelerator(gradient_accumulation_steps=2, cpu=True)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    batches = [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(8)]
    model, optimizer = accelerator.prepare(model, optimizer)
    for epoch in range(3):
        for batch in batches:
            with accelerator.accumulate(model):
                training_step(accelerator, model, optimizer, batch)


if __name__ == "__main__":
    main()
