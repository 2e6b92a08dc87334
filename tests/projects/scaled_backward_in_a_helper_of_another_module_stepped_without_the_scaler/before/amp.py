def backward_scaled(scaler, loss):
    scaler.scale(loss).backward()
