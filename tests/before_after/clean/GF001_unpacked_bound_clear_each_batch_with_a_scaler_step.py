import torch


def train(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    scaler = torch.amp.GradScaler("cuda")
    reset, _advance = opt.zero_grad, opt.step
    for inputs, labels in loader:
        reset(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(model(inputs), labels)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
