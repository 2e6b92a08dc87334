import torch
from timm.utils import NativeScaler, accuracy


def train_one_epoch(model, loader, optimizer, loss_fn, loss_scaler, clip_grad=None):
    for input, target in loader:
        with torch.autocast("cuda", dtype=torch.bfloat16):
            output = model(input)
            loss = loss_fn(output, target)
        optimizer.zero_grad()
        loss_scaler(loss, optimizer, clip_grad=clip_grad, parameters=model.parameters())


def validate(model, loader):
    model.eval()
    top1 = 0.0
    with torch.no_grad():
        for input, target in loader:
            top1 += accuracy(model(input), target, topk=(1,))[0].item()
    return top1 / len(loader)


def main(model, train_loader, eval_loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loss_scaler = NativeScaler()
    loss_fn = torch.nn.CrossEntropyLoss()
    for epoch in range(epochs):
        train_one_epoch(model, train_loader, optimizer, loss_fn, loss_scaler)
        print(epoch, validate(model, eval_loader))
