import torch
from torch import nn
from accelerate import Accelerator


def main():
    torch.manual_seed(0)
    accelerator = Accelerator(cpu=True)
    model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 1))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    ds = torch.utils.data.TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    loader = torch.utils.data.DataLoader(ds, batch_size=4)
    model, opt, loader = accelerator.prepare(model, opt, loader)
    model.train()
    for epoch in range(3):
        seen = set()
        model.train()
        for x, y in loader:
            seen.add(model.training)
            loss = nn.functional.mse_loss(model(x), y)
            accelerator.backward(loss)
            opt.step()
            opt.zero_grad()
        print("epoch", epoch, "trained in train mode:", seen)
        accelerator.unwrap_model(model).eval()
        with torch.no_grad():
            val = model(x).mean().item()


if __name__ == "__main__":
    main()
