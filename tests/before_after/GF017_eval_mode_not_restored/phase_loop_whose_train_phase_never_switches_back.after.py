import torch
from torch import nn


def train_model(model, dataloaders, num_epochs: int = 25):
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.001, momentum=0.9)
    best_acc = 0.0
    for epoch in range(num_epochs):
        for phase in ["train", "val"]:
            running_corrects = 0
            if phase == "train":
                for inputs, labels in dataloaders[phase]:
                    optimizer.zero_grad()
                    outputs = model(inputs)
                    loss = criterion(outputs, labels)
                    loss.backward()
                    optimizer.step()
                    running_corrects += (outputs.argmax(1) == labels).sum().item()
            else:
                model.eval()
                with torch.no_grad():
                    for inputs, labels in dataloaders[phase]:
                        running_corrects += (model(inputs).argmax(1) == labels).sum().item()
                model.train()
            epoch_acc = running_corrects / len(dataloaders[phase].dataset)
            if phase == "val" and epoch_acc > best_acc:
                best_acc = epoch_acc
    return model, best_acc
