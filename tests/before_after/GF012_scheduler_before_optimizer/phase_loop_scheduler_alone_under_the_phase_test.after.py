# The train phase steps the scheduler, alone under its own test, before its batches step the
# optimizer: the test moves with it after the batch loop (same phase, same iteration).
import torch


def train_model(model, criterion, optimizer, scheduler, dataloaders, num_epochs=25):
    for epoch in range(num_epochs):
        for phase in ("train", "val"):
            model.train(phase == "train")
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == "train"):
                    loss = criterion(model(inputs), labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
            if phase == "train":
                scheduler.step()
    return model
