import torch


def train_model(model, criterion, optimizer, dataloaders, num_epochs):
    for epoch in range(num_epochs):
        for phase in ["train", "val"]:
            model.train(phase == "train")
            for inputs, labels in dataloaders[phase]:
                with torch.set_grad_enabled(phase == "train"):
                    loss = criterion(model(inputs), labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()


def run(net, batches, opt, training):
    it = iter(batches)
    while (batch := next(it, None)) is not None:
        out = net(batch[0])
        if training:
            torch.nn.functional.mse_loss(out, batch[1]).backward()
            opt.step()
