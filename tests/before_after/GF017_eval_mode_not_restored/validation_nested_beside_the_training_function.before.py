import torch
import torch.nn as nn


def main(args):
    model = nn.Sequential(nn.Linear(32, 64), nn.Dropout(0.3), nn.Linear(64, 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    train_loader, val_loader = args.loaders()

    def validation(epoch):
        model.eval()
        total = 0.0
        with torch.no_grad():
            for x, y in val_loader:
                total += nn.functional.mse_loss(model(x), y).item()
        print(f"epoch {epoch}: {total / len(val_loader):.4f}")

    def train(global_step, epoch):
        model.train()
        for x, y in train_loader:
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            global_step += 1
            if global_step % args.eval_every == 0:
                validation(epoch)
        return global_step

    step = 0
    for epoch in range(args.epochs):
        step = train(step, epoch)
